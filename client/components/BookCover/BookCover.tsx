import { useState } from 'react';
import classes from './BookCover.module.css';

/** The image a list shows for a book or rental: its thumbnail, else its full image. */
export function coverUrl(item: { thumbnailUrl?: string | null; fullImageUrl?: string | null }) {
  return item.thumbnailUrl ?? item.fullImageUrl;
}

/**
 * A book's cover, loaded only when scrolled near, in a box of its own size while it loads; a book without one,
 * or whose cover cannot be had (offline, a dead link, Open Library's blank 1 x 1 answer for a cover it lacks),
 * shows the placeholder, named once, rather than the browser's broken image and its alt text. 'lg' is the
 * scan dialog's and add-book form's size, which says 'No cover image' (SPEC section 2).
 */
export function BookCover({ title, url, size = 'md' }: { title: string; url?: string | null; size?: 'md' | 'lg' }) {
  // The address that failed: another one (a corrected book) is tried.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const className = `${classes.cover} ${size === 'lg' ? classes.large : ''}`;
  if (!url || failedUrl === url) {
    return (
      <div className={`${className} ${classes.placeholder}`} role="img" aria-label={`No cover for ${title}`}>
        <svg aria-hidden width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 19.5V5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2.5z" />
          <path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-3" />
        </svg>
        {size === 'lg' && <span>No cover image</span>}
      </div>
    );
  }
  return (
    <img
      className={className}
      src={url}
      alt={`Cover of ${title}`}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(url)}
      onLoad={(event) => event.currentTarget.naturalWidth <= 1 && setFailedUrl(url)}
    />
  );
}

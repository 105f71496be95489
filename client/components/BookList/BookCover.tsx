import { useState } from 'react';
import classes from './BookList.module.css';

/** The image a list shows for a book or rental: its thumbnail, else its full image. */
export function coverUrl(item: { thumbnailUrl?: string | null; fullImageUrl?: string | null }) {
  return item.thumbnailUrl ?? item.fullImageUrl;
}

/** A cover loaded only when scrolled near; a placeholder when there is none or it fails to load. */
export function BookCover({ title, url, size = 'md' }: { title: string; url?: string | null; size?: 'md' | 'lg' }) {
  const [broken, setBroken] = useState(false);
  const className = `${classes.cover} ${size === 'lg' ? classes.coverLarge : ''}`;
  if (!url || broken) {
    return (
      <div className={`${className} ${classes.placeholder}`} role="img" aria-label={`No cover for ${title}`} data-testid="cover-placeholder">
        <svg aria-hidden width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 19.5V5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2.5z" />
          <path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-3" />
        </svg>
      </div>
    );
  }
  return <img className={className} src={url} alt={`Cover of ${title}`} loading="lazy" decoding="async" onError={() => setBroken(true)} />;
}

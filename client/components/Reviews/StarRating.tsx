import { Box, Rating } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { RATING_MAX } from '../../../shared/constants';
import classes from './StarRating.module.css';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
const starLabel = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

interface StarRatingProps {
  /** The Input.Wrapper's id: its label and error are `${id}-label` and `${id}-error`. */
  id: string;
  value: number;
  onChange: (stars: number) => void;
  /** Focus has left the stars (SPEC section 5: a field is checked on blur). */
  onBlur: () => void;
  error?: string;
}

/**
 * One to five stars as the browser's own radio group, so the arrow keys choose (and Home and End):
 * Mantine's Rating only previews on arrows and has a '0 stars' radio. It borrows Rating's look.
 */
export function StarRating({ id, value, onChange, onBlur, error }: StarRatingProps) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  const chooseEnd = (event: KeyboardEvent<HTMLDivElement>) => {
    const stars = event.key === 'Home' ? 1 : event.key === 'End' ? RATING_MAX : 0;
    if (!stars) return;
    event.preventDefault();
    onChange(stars);
    event.currentTarget.querySelectorAll('input')[stars - 1]?.focus();
  };

  return (
    <Box
      role="radiogroup"
      className={`${Rating.classes.root} ${classes.stars}`}
      // Rating's own colour for filled stars (theme.ts), which its classes alone do not set.
      style={{ '--rating-color': 'var(--mantine-color-orange-7)' }}
      aria-labelledby={`${id}-label`}
      aria-required
      // The wrapper shows the error beside the stars; this says it to whoever is on them.
      aria-invalid={!!error}
      aria-describedby={error ? `${id}-error` : undefined}
      onKeyDown={chooseEnd}
      // Moving between the stars is not leaving them.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
      onMouseLeave={() => setHovered(0)}
    >
      {STARS.map((stars) => (
        <div key={stars} className={`${Rating.classes.symbolGroup} ${classes.starGroup}`} data-active={hovered === stars || undefined}>
          <input
            className={Rating.classes.input}
            type="radio"
            id={`${id}-${stars}`}
            name={id}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            aria-label={starLabel(stars)}
          />
          <label className={`${Rating.classes.label} ${classes.star}`} htmlFor={`${id}-${stars}`} onMouseEnter={() => setHovered(stars)}>
            <svg className={Rating.classes.starSymbol} data-filled={stars <= shown || undefined} viewBox="0 0 24 24" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
              <path d="M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z" />
            </svg>
          </label>
        </div>
      ))}
    </Box>
  );
}

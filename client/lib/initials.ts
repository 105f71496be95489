/** Avatar initials: first letters of the first and last word, or the first two letters of a single word. */
export function initials(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return [...words[0]].slice(0, 2).join('').toUpperCase();
  return ([...words[0]][0] + [...words[words.length - 1]][0]).toUpperCase();
}

/** Avatar fallback for people without a picture: an external initials image seeded by the display name. */
export function initialsAvatarUrl(displayName: string): string {
  return `https://ui-avatars.com/api/?name=${encodeURIComponent(displayName.trim() || '?')}&background=0A75E3&color=fff&size=64`;
}

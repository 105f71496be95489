/** Lets a text wrap before each dot, and nowhere else. */
const breakBeforeDots = (text: string) => text.split(/(?=\.)/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));

/**
 * An email for a narrow column: it wraps before its '@' first, as the domain holds together (an
 * inline block) unless it is itself too wide, then before a dot; mid-word only when a part between
 * those is wider than the column.
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {breakBeforeDots(email.slice(0, at))}
      <wbr />
      <span style={{ display: 'inline-block', maxWidth: '100%' }}>{breakBeforeDots(email.slice(at))}</span>
    </span>
  );
}

/**
 * A large button whose label may take two lines rather than be cut short on the narrowest phones (a
 * Mantine button keeps its label on one line, at a fixed height). Spread on a `size="lg"` Button.
 */
export const wrappingLabel = {
  h: 'auto',
  mih: 50,
  py: 'xs',
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } },
} as const;

/**
 * A button whose label may take two lines rather than be cut short on the narrowest phones, or under
 * larger text (a Mantine button keeps its label on one line, at a fixed height). Spread on a Button whose
 * usual height is `minHeight` (36: Mantine's default size; 50: size="lg").
 */
export const wrapLabel = (minHeight: number) =>
  ({
    h: 'auto',
    mih: minHeight,
    py: minHeight >= 50 ? 'xs' : 6,
    styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } },
  }) as const;

/** wrapLabel for a `size="lg"` Button. */
export const wrappingLabel = wrapLabel(50);

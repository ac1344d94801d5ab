/** The claim section is used on phones (the QR page): its buttons and links are at least 44 px high to be tapped. */
export const TOUCH_TARGET = { minHeight: 44 } as const;

/** A line holding a link as high as a touch target. */
export const TOUCH_LINE = { '& a': { ...TOUCH_TARGET, display: 'inline-flex', alignItems: 'center' } } as const;

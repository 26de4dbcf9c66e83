/** Green for a gain, red for a loss, the text colour for nothing. */
export const signTone = (n: number) => (n > 0 ? 'text-up' : n < 0 ? 'text-down' : '');

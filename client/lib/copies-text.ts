/** '1 copy', '3 copies'. */
export const copiesText = (count: number) => `${count} ${count === 1 ? 'copy' : 'copies'}`;

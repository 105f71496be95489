/** react-hot-toast, loaded on first use: like the Toaster (main.tsx), it stays out of the first paint. */
export const lazyToast = () => import('react-hot-toast').then((m) => m.default);

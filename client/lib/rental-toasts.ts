/** The spec's success toasts for renting and returning, shared by the dashboard, the scan flow and the kiosk. */
export const rentalToasts = {
  rented: 'Book rental successful!',
  returned: 'Book returned successfully!',
} as const;

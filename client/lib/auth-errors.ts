/** Registration error texts of SPEC section 8. */
export function registrationErrorMessage(serverMessage: string | undefined): string {
  const message = serverMessage?.trim();
  if (!message) return 'Registration failed. Please try again.';
  if (message.includes('Email already in use')) return 'This email is already registered. Please try logging in instead.';
  if (/display name/i.test(message)) return "Please provide a valid display name that isn't empty.";
  if (/display|name/i.test(message)) return `Please check your display name: ${message}`;
  return message;
}

export function loginErrorMessage(serverMessage: string | undefined): string {
  return serverMessage?.trim() || 'Login failed. Please try again.';
}

import { EMAIL_IN_USE } from '../../shared/accounts';

/**
 * Registration error texts of SPEC section 8. A taken email is known by its text: its code (CONFLICT)
 * also stands for a taken phone number.
 */
export function registrationErrorMessage(serverMessage: string | undefined): string {
  const message = serverMessage?.trim();
  if (!message) return 'Registration failed. Please try again.';
  if (message.includes(EMAIL_IN_USE)) return 'This email is already registered. Please try logging in instead.';
  if (/display name/i.test(message)) return "Please provide a valid display name that isn't empty.";
  if (/display|name/i.test(message)) return `Please check your display name: ${message}`;
  return message;
}

export function loginErrorMessage(serverMessage: string | undefined): string {
  return serverMessage?.trim() || 'Login failed. Please try again.';
}

import { describe, expect, it } from 'vitest';
import { loginErrorMessage, registrationErrorMessage } from './auth-errors';

describe('registration error texts', () => {
  it('turns a taken email into a hint to log in', () => {
    expect(registrationErrorMessage('Email already in use')).toBe('This email is already registered. Please try logging in instead.');
  });
  it('explains display name problems', () => {
    expect(registrationErrorMessage('Invalid display name')).toBe("Please provide a valid display name that isn't empty.");
    expect(registrationErrorMessage('Name is required')).toBe('Please check your display name: Name is required');
    // SPEC section 8: a message mentioning display (but not 'display name') is shown with its text.
    expect(registrationErrorMessage('Display text is too long')).toBe('Please check your display name: Display text is too long');
  });
  it('passes other messages through, with a fallback', () => {
    expect(registrationErrorMessage('Password must be at least 8 characters')).toBe('Password must be at least 8 characters');
    expect(registrationErrorMessage(undefined)).toBe('Registration failed. Please try again.');
  });
  it('falls back for login failures without a message', () => {
    expect(loginErrorMessage('')).toBe('Login failed. Please try again.');
    expect(loginErrorMessage('Invalid email or password.')).toBe('Invalid email or password.');
  });
});

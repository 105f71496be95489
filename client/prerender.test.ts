import { describe, expect, it } from 'vitest';
import { prerender } from './prerender';

// The build writes these into prerendered/*.html (vite.config.ts); the browser's app hydrates them.
describe('prerendered pages', () => {
  it('renders the landing page whole, without a script', async () => {
    const { head, body } = await prerender('/');
    expect(body).toContain('beautifully organized');
    expect(body).toContain('data-testid="auth-placeholder"');
    expect(body).not.toMatch(/<script|<template/);
    expect(head).toContain('href="/hero.svg"');
  });

  it('renders the login form, not sendable until the app runs it', async () => {
    const { body } = await prerender('/login');
    expect(body).toContain('Welcome Back');
    expect(body).toContain('aria-disabled="true"');
    expect(body).not.toMatch(/type="submit"/);
    expect(body).not.toMatch(/<script|<template/);
  });
});

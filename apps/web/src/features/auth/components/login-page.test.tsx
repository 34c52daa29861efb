import { LOGIN_MESSAGES, ok } from '@fieldforce/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { configureApiClient } from '../../../lib/api-client';
import { initialClientState, useClientStore } from '../../../lib/store';
import type { Language } from '../../../lib/i18n';
import { envelopeResponse } from '../../../test/session';
import { LoginPage } from './login-page';

const signedIn = {
  mfaRequired: false,
  idToken: 'id-token-1',
  expiresIn: 900,
  loginType: 'NON_SSO',
  countryCodes: ['th'],
  defaultCountryCode: 'th',
  passwordExpired: false,
  passwordExpiresInDays: null,
  evictedSessions: 1,
  messages: [],
};

function server(handler: (url: string, body: unknown) => Response | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler(url, body) ?? envelopeResponse(200, ok({ message: 'Session stored.' }));
  });
  configureApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    sleep: async () => {},
    deviceId: async () => 'Agent uuid',
  });
  return fetchMock;
}

function renderLogin(language: Language = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>landing</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <AppProviders language={language}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  useClientStore.setState(initialClientState());
});

describe('login page', () => {
  it('names the missing fields without calling the server', () => {
    const fetchMock = server(() => undefined);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password', () => {
    server(() => undefined);
    renderLogin();
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('announces a refused sign-in in an alert', async () => {
    server(() =>
      envelopeResponse(401, {
        statusCode: 401,
        'response-data': null,
        statusMessage: 'INVALID_CREDENTIALS',
        errors: { code: 'INVALID_CREDENTIALS', shortDescription: LOGIN_MESSAGES.invalidCredentials },
      }),
    );
    renderLogin('vi');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'an@example.com' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText('Email hoặc mật khẩu không đúng.')).toBeTruthy();
    expect(
      screen.getAllByRole('alert').some((a) => a.textContent === 'Email hoặc mật khẩu không đúng.'),
    ).toBe(true);
  });

  it('signs in, stores the session markers, registers the session and lands on /', async () => {
    const fetchMock = server((url) =>
      url.includes('fb/accounts/login') ? envelopeResponse(200, ok(signedIn)) : undefined,
    );
    const router = renderLogin();
    fillAndSubmit('An@Example.com', 'secret-password');
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('idToken')).toBe('id-token-1');
    expect(window.localStorage.getItem('email')).toBe('an@example.com');
    expect(window.localStorage.getItem('loginType')).toBe('NON_SSO');
    // This sign-in ended the earliest device session: the landing screen says so once.
    expect(window.sessionStorage.getItem('evictedNotice')).toBe('true');
    // The stored market is one the user holds.
    expect(window.localStorage.getItem('countryCode')).toBe('th');
    const login = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(login[1].body))).toEqual({
      email: 'An@Example.com',
      password: 'secret-password',
      deviceId: 'Agent uuid',
    });
    const store = fetchMock.mock.calls.find(([u]) =>
      String(u).includes('sessions/v1/storeSession'),
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(store[1].body))).toEqual({
      username: 'an@example.com',
      loginType: 'NON_SSO',
      token: 'id-token-1',
      deviceId: 'Agent uuid',
    });
    expect((store[1].headers as Record<string, string>)['X-Device-ID']).toBe('Agent uuid');
  });

  it('asks for the authenticator code when the sign-in answers mfaRequired', async () => {
    const fetchMock = server((url) => {
      if (url.includes('fb/accounts/login/mfa')) return envelopeResponse(200, ok(signedIn));
      if (url.includes('fb/accounts/login')) {
        return envelopeResponse(
          200,
          ok({ mfaRequired: true, challengeId: 'c'.repeat(20), methods: ['totp'], expiresIn: 300 }),
        );
      }
      return undefined;
    });
    renderLogin();
    fillAndSubmit('mfa@example.com', 'secret-password');
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '12 34 56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('landing')).toBeTruthy();
    const mfa = fetchMock.mock.calls.find(([u]) => String(u).includes('login/mfa')) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(mfa[1].body))).toEqual({ challengeId: 'c'.repeat(20), code: '123456' });
    expect(window.localStorage.getItem('isMFALogin')).toBe('true');
  });

  it('OTP request: emails a code, then signs in with it', async () => {
    server((url) => {
      if (url.includes('otp/request')) return envelopeResponse(200, ok({ message: LOGIN_MESSAGES.codeSent }));
      if (url.includes('otp/verify')) return envelopeResponse(200, ok(signedIn));
      return undefined;
    });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'OTP request' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'an@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(LOGIN_MESSAGES.codeSent)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the email'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with the code' }));
    expect(await screen.findByText('landing')).toBeTruthy();
  });

  it('shows why the last session ended, translated', () => {
    server(() => undefined);
    window.sessionStorage.setItem('loginNotice', LOGIN_MESSAGES.maxDevices);
    renderLogin('vi');
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('10 thiết bị'));
    expect(alert).toBeTruthy();
    expect(window.sessionStorage.getItem('loginNotice')).toBeNull();
  });

  it('asks the server for SSO on press, and turns the button disabled when it is not configured', async () => {
    server(() => undefined);
    const probe = vi.fn(async () =>
      envelopeResponse(503, {
        statusCode: 503,
        'response-data': null,
        statusMessage: 'SERVICE_UNAVAILABLE',
        errors: null,
      }),
    );
    vi.stubGlobal('fetch', probe);
    renderLogin();
    const sso = screen.getByRole('button', { name: 'Continue with SSO' });
    expect(sso.getAttribute('aria-disabled')).toBe('false');
    act(() => sso.click());
    expect(await screen.findByText('SSO is not configured')).toBeTruthy();
    expect(sso.getAttribute('aria-disabled')).toBe('true');
    expect(sso.getAttribute('aria-describedby')).toBe('sso-not-configured');
    const [url, init] = probe.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/fb/accounts/sso/start?deviceId=Agent+uuid&countryCode=vn');
    expect(init.redirect).toBe('manual');
    vi.unstubAllGlobals();
  });

  it('shows the reason of a failed SSO sign-in', () => {
    server(() => undefined);
    const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
      initialEntries: ['/login?ssoError=Single%20sign-on%20failed.'],
    });
    render(
      <AppProviders language="en">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Single sign-on failed.')).toBe(true);
  });
});

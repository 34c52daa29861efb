import { formatDateTime, type DeviceLabel } from '@fieldforce/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { useDisclosure } from '../../components/use-dismiss';
import { useEndDevice } from '../../features/auth/api/end-device';
import { useDevices } from '../../features/auth/api/get-devices';
import { useT, type Translate } from '../../lib/i18n';
import { term } from '../../lib/i18n/terms';
import { useClientStore } from '../../lib/store';
import { localizeDates } from '../../lib/i18n/locale-format';
import { track } from '../../lib/usage';

/**
 * The authenticator's section (its dialog, the enrolment, the code fields) loads when the popup first
 * opens, not with the shell every screen fetches: the login route's JavaScript has a 150 kB budget
 * (issue 10, apps/web/vite-plugins.test.ts).
 */
const AuthenticatorSection = lazy(() =>
  import('../../features/auth/components/authenticator-section').then((m) => ({
    default: m.AuthenticatorSection,
  })),
);

/** How many DT access entries show before the toggle (spec section 2). */
export const DT_ACCESS_PREVIEW = 3;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The DT scope in words: every distributor (null), or the codes with a "show more". */
export function DtAccessList({ codes }: { codes: readonly string[] | null }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (codes === null || codes.length === 0) {
    return <p className="profile__value">{t('profile.dtAccessAll')}</p>;
  }
  const shown = expanded ? codes : codes.slice(0, DT_ACCESS_PREVIEW);
  return (
    <>
      <ul id={listId} className="profile__chips">
        {shown.map((code) => (
          <li key={code} className="chip">
            {code}
          </li>
        ))}
      </ul>
      {codes.length > DT_ACCESS_PREVIEW ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('profile.showLess') : t('profile.showAll', { count: codes.length })}
        </button>
      ) : null}
    </>
  );
}

/** Name, email, role and the BSA picker; the reports header adds the DT access list. */
export function ProfilePopup({ showDtAccess = false }: { showDtAccess?: boolean }) {
  const t = useT();
  const user = useClientStore((s) => s.userDetails);
  const selectedBsa = useClientStore((s) => s.selectedBsa);
  const setSelectedBsa = useClientStore((s) => s.setSelectedBsa);
  const dtScope = useClientStore((s) => s.dtScope);
  const { open, toggle, panelId, container, trigger } = useDisclosure({ closeOnSearch: false });
  const bsaId = useId();

  if (!user) return null;
  return (
    <div ref={container} className="profile">
      <button
        ref={trigger}
        type="button"
        className="avatar"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // Spec section 7's 'profile' event: each time the profile is opened.
          if (!open) track('profile');
          toggle();
        }}
      >
        <span className="avatar__disc" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="visually-hidden">{t('profile.open')}</span>
      </button>
      <div
        id={panelId}
        className="profile__panel"
        role="group"
        aria-label={t('profile.title')}
        hidden={!open}
      >
        <p className="profile__name">{user.name}</p>
        <dl className="profile__details">
          <dt>{t('profile.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('profile.role')}</dt>
          <dd>{term(user.role, t)}</dd>
        </dl>
        {user.bsa.length > 0 ? (
          <div className="field">
            <label className="field__label" htmlFor={bsaId}>
              {t('profile.bsa')}
            </label>
            <select
              id={bsaId}
              className="field__control"
              value={selectedBsa ?? ''}
              onChange={(event) => setSelectedBsa(event.target.value)}
            >
              {user.bsa.map((bsa) => (
                <option key={bsa} value={bsa}>
                  {term(bsa, t)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {showDtAccess ? (
          <div className="profile__section">
            <p className="field__label">{t('profile.dtAccess')}</p>
            <DtAccessList codes={dtScope} />
          </div>
        ) : null}
        {open ? (
          <Suspense fallback={null}>
            <AuthenticatorSection />
          </Suspense>
        ) : null}
        {open ? <OwnDevices /> : null}
      </div>
    </div>
  );
}

/** The time zone of this browser: "last used" is the person's own clock time. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "Chrome 131 on Windows": what a person recognises, never the raw user agent and UUID. */
export function deviceName(label: DeviceLabel, t: Translate): string {
  const browser = label.browser ?? t('profile.unknownBrowser');
  return label.os ? t('profile.deviceName', { browser, os: label.os }) : browser;
}

/** The user's own signed-in devices; any but this one can be signed out from here (issue 3). */
function OwnDevices() {
  const t = useT();
  const devices = useDevices(true);
  const endDevice = useEndDevice();
  const zone = browserTimeZone();
  return (
    <div className="profile__section">
      <p className="field__label">{t('profile.devices')}</p>
      {devices.isError ? <p className="profile__value">{t('profile.devicesError')}</p> : null}
      {devices.data ? (
        <>
          <p className="auth-note">
            {t('profile.devicesCount', { count: devices.data.devices.length, max: devices.data.maxDevices })}
          </p>
          <ul className="device-list" aria-label={t('profile.devices')}>
            {/* This device first, then the others as the server lists them. */}
            {[...devices.data.devices]
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((device) => {
                const name = deviceName(device.label, t);
                return (
                  <li key={device.id} className="device-list__item">
                    <span className="device-list__name">
                      {name}
                      {device.current ? <strong className="chip">{t('profile.thisDevice')}</strong> : null}
                    </span>
                    {device.label.privateWindow ? <span>{t('profile.privateWindow')}</span> : null}
                    <span>
                      {t('profile.lastSeen', {
                        date: localizeDates(formatDateTime(device.lastSeenAt, zone)),
                      })}
                    </span>
                    {device.current ? null : (
                      <button
                        type="button"
                        className="link-button device-list__action"
                        aria-label={t('profile.signOutNamedDevice', { device: name })}
                        disabled={endDevice.isPending}
                        onClick={() => endDevice.mutate(device.id)}
                      >
                        {t('profile.signOutDevice')}
                      </button>
                    )}
                  </li>
                );
              })}
          </ul>
        </>
      ) : null}
    </div>
  );
}

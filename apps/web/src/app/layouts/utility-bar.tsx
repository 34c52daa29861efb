import { LanguageSwitch } from '../../components/language-switch';
import { Greeting, SessionButton } from './account-actions';
import { CountryControl } from './country-control';

/** The thin bar above the main header on wide screens: country, greeting, language and session. */
export function UtilityBar() {
  return (
    <div className="utility-bar desktop-only">
      <div className="utility-bar__inner">
        <CountryControl />
        <Greeting />
        <LanguageSwitch />
        <SessionButton />
      </div>
    </div>
  );
}

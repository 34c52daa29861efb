export { CountdownPopup, COUNTDOWN_SECONDS } from './countdown-popup';

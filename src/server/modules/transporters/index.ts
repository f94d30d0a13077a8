/** Transporter accounts (issue 40 item 4): registration, profile, the operator's verification, their loads and earnings. */
export { transportersRoutes } from './routes';

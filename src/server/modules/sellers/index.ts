/** Seller sign-up and verification, profile, stats, their order lines. */
export { sellersRoutes } from './routes';
export { recordPagesRoutes } from './record-page';
export { notifySeller } from './notify';
export { setVerificationStatus } from './service';
export { issueVerificationLink, mailVerificationLink } from './verification-link';
export { textSalesRecord } from './record-sms';

/** The contact form. */
export { contactFormPost, contactRoutes } from './routes';

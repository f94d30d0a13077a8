/** Sellers' listings: created with pictures, reviewed by an operator, then live. */
export { submissionsRoutes } from './routes';
export { readMultipart, takesUploads } from './uploads';
export { adoptListedProducts, createSubmission, toSubmissions, updateSubmission } from './service';

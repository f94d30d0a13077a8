import { Navigate } from 'react-router-dom';

/** /support (Contact Support on the tracking page): our support is the contact page. */
export default function SupportPage() {
  return <Navigate to="/contact" replace />;
}

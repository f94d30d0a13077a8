import { Navigate } from 'react-router-dom';

/** /help (the account page's Help Center): the answers live on the FAQ. */
export default function HelpPage() {
  return <Navigate to="/faq" replace />;
}

import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <p className="text-7xl font-black text-brand">404</p>
      <h1 className="mt-4 text-2xl font-bold">Oops! The page you are looking for does not exist.</h1>
      <p className="mt-2 text-gray-700">It might have been removed, or the URL might be incorrect.</p>
      <Link to="/" className="btn-primary mt-8">Go back to Home</Link>
    </section>
  );
}

import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="mt-12 bg-brand-dark text-white">
      <div className="container-page grid gap-6 py-8 text-sm sm:grid-cols-3">
        <div>
          <p className="text-base font-bold">Akuafo Market</p>
          <p className="mt-2 text-white/80">Farm produce, livestock and farm inputs straight from Ghanaian farmers, paid with mobile money.</p>
        </div>
        <nav aria-label="Quick links" className="flex flex-col gap-1">
          <Link to="/about">About Us</Link>
          <Link to="/products">Products</Link>
          <Link to="/sellers/register">Sellers</Link>
          <Link to="/blog">Blog</Link>
        </nav>
        <nav aria-label="Customer service" className="flex flex-col gap-1">
          <Link to="/contact">Contact Us</Link>
          <Link to="/faq">FAQ</Link>
          <Link to="/shipping-returns">Shipping &amp; Refunds Policy</Link>
        </nav>
      </div>
      <p className="border-t border-white/20 py-3 text-center text-xs text-white/80">
        © {new Date().getFullYear()} Akuafo Market. All rights reserved.
      </p>
    </footer>
  );
}

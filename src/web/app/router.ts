// What src/web/main.tsx loads as the router's piece of start-up: named, so the router's
// unused parts stay out of the bundle (a whole-package dynamic import would keep them all).
export { createBrowserRouter, RouterProvider } from 'react-router-dom';

import * as v from 'valibot';
import { categoryCountSchema, productDetailSchema, productQuerySchema, productSchema, reviewSchema } from '../schemas/catalogue';
import { dataOf, idParam, pageOf, route } from './route';

/**
 * The public catalogue: lists, shelves, one product and its reviews, the categories. Every
 * one is answered through the public answer cache (server catalogue/public-reads.ts).
 */
const productId = { id: idParam('Product Not Found') };
const products = dataOf(v.array(productSchema));

export const CATALOGUE_ROUTES = [
  route({ method: 'GET', path: '/products', summary: 'Search and list products', tag: 'catalogue', auth: 'none', query: productQuerySchema, answer: pageOf(productSchema) }),
  // The shelves before /products/:id, which would take "featured" for an id.
  route({ method: 'GET', path: '/products/featured', summary: 'Featured products', tag: 'catalogue', auth: 'none', answer: products }),
  route({ method: 'GET', path: '/products/discounted', summary: 'Discounted products', tag: 'catalogue', auth: 'none', answer: products }),
  route({ method: 'GET', path: '/products/weekly-specials', summary: 'This week’s specials', tag: 'catalogue', auth: 'none', answer: products }),
  route({ method: 'GET', path: '/products/:id', summary: 'One product (canReview is true for a buyer who may review it)', tag: 'catalogue', auth: 'none', params: productId, answer: dataOf(productDetailSchema) }),
  route({ method: 'GET', path: '/products/:id/reviews', summary: 'A product’s reviews', tag: 'catalogue', auth: 'none', params: productId, answer: dataOf(v.array(reviewSchema)) }),
  route({ method: 'GET', path: '/categories', summary: 'Product categories', tag: 'catalogue', auth: 'none', answer: dataOf(v.array(categoryCountSchema)) }),
] as const;

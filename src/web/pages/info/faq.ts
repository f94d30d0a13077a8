import { POLICIES } from '../../../shared/policies';

export interface FaqCategory {
  title: string;
  questions: { q: string; a: string }[];
}

const shippingOptions = POLICIES.shippingOptions.map((o) => `${o.name}: ${o.time}`).join('; ');

/** The five categories of the spec, Ordering & Payment first (it opens by default). */
export const FAQ: FaqCategory[] = [
  {
    title: 'Ordering & Payment',
    questions: [
      {
        q: 'How do I place an order?',
        a: 'Browse the products, add what you want to your cart and open the cart. At checkout choose the warehouse where you will collect your order, pick your mobile money network, enter your number and press Complete Order. You need an account to check out.',
      },
      {
        q: 'Which payment methods do you accept?',
        a: 'Mobile money: MTN Mobile Money, Telecel Cash (formerly Vodafone Cash) and AT Money (formerly AirtelTigo Money). Card payments are not available yet.',
      },
      {
        q: 'Can I cancel or change my order?',
        a: `Yes, within ${POLICIES.cancelWindowHours} hours of placing it, as long as it has not been shipped. Contact our support team with your order number and tell us what you would like to change. After ${POLICIES.cancelWindowHours} hours the order is already being prepared and can no longer be changed; you can still return eligible items after delivery.`,
      },
      {
        q: 'Is my payment safe?',
        a: 'Payments go through a licensed payment provider. An order is marked paid only after we have confirmed the payment with the provider. We never see or ask for your mobile money PIN.',
      },
    ],
  },
  {
    title: 'Shipping & Delivery',
    questions: [
      {
        q: 'How long does it take to process my order?',
        a: `Sellers prepare and hand over orders within ${POLICIES.processingHours.min} to ${POLICIES.processingHours.max} hours of payment.`,
      },
      {
        q: 'What shipping options are there?',
        a: `${shippingOptions}. Times are counted from when the order has been processed.`,
      },
      {
        q: 'Where do I collect my order?',
        a: 'You choose a pickup warehouse at checkout. We bring your order there and let you know when it is ready; bring your order number when you collect it.',
      },
      {
        q: 'How can I follow my order?',
        a: 'Sign in and open Track Order with your order number, or open My Orders to see every order and its status history.',
      },
    ],
  },
  {
    title: 'Products & Quality',
    questions: [
      {
        q: 'How do you make sure products are good?',
        a: 'Sellers are verified before they can sell, every listing is checked by our team before it appears, and buyers review what they received, so you can see how each product has been rated.',
      },
      {
        q: 'What if my produce arrives damaged or spoiled?',
        a: `Report quality issues within ${POLICIES.qualityClaimHours} hours of receiving your order, with photos if you can. We will arrange a replacement or a refund.`,
      },
      {
        q: 'What do organic, premium and standard mean?',
        a: 'Organic products are grown without synthetic fertilisers or pesticides; premium products are top grade in size and finish; standard products are sound, good-quality produce at an everyday price.',
      },
    ],
  },
  {
    title: 'Returns & Refunds',
    questions: [
      {
        q: 'What is your return policy?',
        a: `You can return items within ${POLICIES.returnWindowDays} days of delivery if they are unused and in their original condition. Fresh produce cannot be returned once accepted, but quality issues reported within ${POLICIES.qualityClaimHours} hours are always put right.`,
      },
      {
        q: 'How do I get a refund?',
        a: `Contact us with your order number and the reason. Once the refund is approved, the money goes back to the mobile money wallet you paid from, normally within ${POLICIES.refundBusinessDays} business days.`,
      },
    ],
  },
  {
    title: 'Account & Orders',
    questions: [
      {
        q: 'Do I need an account?',
        a: 'You can browse without one. To add to your cart, check out, track orders and write reviews, sign up as a buyer: it takes a minute.',
      },
      {
        q: 'Where can I see my past orders?',
        a: 'Sign in, open the menu under your initials and choose My Orders. Each order shows its items, payment and status history.',
      },
      {
        q: 'I forgot my password. What do I do?',
        a: 'On the sign-in page choose "Forgot your password?" and enter your e-mail address. We will send you a link to choose a new password.',
      },
      {
        q: 'How do I sell on Akuafo Market?',
        a: 'Register as a seller, verify your e-mail address and add your products. Our team checks each listing before it goes live.',
      },
    ],
  },
];

/**
 * The ledger's accounts (docs/money.md). Seller accounts carry the seller's id on each entry;
 * escrow entries also carry the order's. Debit-normal accounts are what the platform holds or
 * spent; credit-normal ones are what it owes or earned.
 */
export const ACCOUNTS = {
  /** Money at the payment provider (our Paystack balance). */
  clearing: 'provider_clearing',
  /** A paid order's money, per order and seller, until the buyer collects or the order is cancelled. */
  escrow: 'escrow_held',
  /**
   * A payee's money waiting for the next payout, by the user id in the seller column: a seller's
   * share released at pickup less commission, or a transporter's fee released on arrival less VAT
   * and commission (issue 40). One account, so one payout job pays both alike.
   */
  available: 'seller_available',
  /** A payee's payout sent to the provider and not yet confirmed. */
  sending: 'seller_payout_sending',
  /** Our commission on collected orders. */
  commission: 'platform_commission',
  /** VAT collected on orders (docs/tax.md), owed to the GRA once the order is collected. */
  vat: 'vat_payable',
  /** Money owed back to buyers until the provider has refunded it. */
  refunds: 'refunds_payable',
  /** Fees the provider kept. */
  fees: 'provider_fees',
  /** A paid order's transport fees (VAT included), per order, until its consignment arrives or the order is cancelled (docs/transport.md). */
  transportHeld: 'transport_held',
  /**
   * What a transporter owes us, by its user id in the seller column: a refused line's value
   * charged to it beyond what it had not been paid out, taken from its next loads' fees first
   * (docs/money.md, "A line refused at pickup").
   */
  transporterDebt: 'transporter_debt',
  /**
   * What the platform paid sellers for goods lost after the origin counted them in (issue 40
   * item 7, docs/money.md): debit-normal, an expense, until a claim against a transporter is recovered.
   */
  transportLosses: 'transport_losses',
} as const;
export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

export const DEBIT_NORMAL: readonly Account[] = [ACCOUNTS.clearing, ACCOUNTS.fees, ACCOUNTS.transporterDebt, ACCOUNTS.transportLosses];

/** Accounts that hold a seller's money: none may ever go below zero. */
export const SELLER_ACCOUNTS: readonly Account[] = [ACCOUNTS.escrow, ACCOUNTS.available, ACCOUNTS.sending, ACCOUNTS.transportHeld];
/** Accounts held per order: their balance is checked per order. */
export const PER_ORDER_ACCOUNTS: readonly Account[] = [ACCOUNTS.escrow, ACCOUNTS.transportHeld];

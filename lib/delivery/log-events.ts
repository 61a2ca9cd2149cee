// Log messages operators alert on: the infrastructure turns these into metrics, so their text is a contract.

/** Logged once per order the worker marks FAILED (a successful invocation, so no Lambda error metric sees it). */
export const DELIVERY_FAILED_MESSAGE = 'order delivery failed';

/**
 * Logged after every mint the worker sent and saw mined: the signer's balance (`balanceEth`) and the mints it still
 * pays for at the gas price then (`mintsLeft`), members lib/chain/signer-funds.ts names.
 */
export const SIGNER_FUNDS_MESSAGE = 'signer funds after mint';

/**
 * Logged when the market's fees exceed the stage's cap (`chain.maxFeeGwei`): a batch is not sent, or a pending one not
 * replaced; the orders wait (SOLD, or MINTING with their transaction) until fees fall or the cap is raised.
 */
export const MINT_FEES_ABOVE_CAP_MESSAGE = 'mint fees above the stage cap; orders wait';

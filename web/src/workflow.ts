// "Getting started": the selling workflow's calls as curl lines against the partner's base URL, ready to copy.

export interface WorkflowCall {
  title: string;
  explanation: string;
  command: string;
}

/**
 * The rest of a pipeline that prints the JSON answer (to stderr, the terminal) and passes on one string member of it,
 * with tools every shell has (no jq).
 */
const keep = (member: string): string => ` | tee /dev/stderr | grep -o '"${member}":"[^"]*"' | cut -d'"' -f4`;

/** The workflow with shell variables for the key, the plaque, the buyer's wallet, the reservation and the order. */
export function workflowCalls(baseUrl: string): WorkflowCall[] {
  const base = baseUrl.replace(/\/+$/, '');
  return [
    {
      title: 'Look a plaque up',
      explanation: 'Can it be bought now, and can its token be minted?',
      command: `curl -s "${base}/partner/plaques/$PLAQUE/lookup" -H "x-api-key: $KEY"`,
    },
    {
      title: 'See its owner',
      explanation: "The service's own account before the sale, the buyer's afterwards.",
      command: `curl -s "${base}/partner/plaques/$PLAQUE/owner" -H "x-api-key: $KEY"`,
    },
    {
      title: 'Hold it for your buyer',
      explanation:
        'Ten minutes, for one wallet; the answer (printed) carries the reservationId, kept in RESERVATION for the next calls, the price and the token metadata.',
      command:
        `RESERVATION=$(curl -s -X POST "${base}/partner/plaques/$PLAQUE/prepare" -H "x-api-key: $KEY" ` +
        `-H 'content-type: application/json' -d "{\\"buyerWallet\\":\\"$WALLET\\"}"${keep('reservationId')})`,
    },
    {
      title: 'Buy it',
      explanation:
        'The Idempotency-Key names this checkout (here by its reservation): repeating the request replays the same answer. The orderId is kept in ORDER.',
      command:
        `ORDER=$(curl -s -X POST "${base}/partner/plaques/$PLAQUE/buy" -H "x-api-key: $KEY" ` +
        `-H 'content-type: application/json' -H "idempotency-key: checkout-$RESERVATION" ` +
        `-d "{\\"reservationId\\":\\"$RESERVATION\\",\\"buyerWallet\\":\\"$WALLET\\"}"${keep('orderId')})`,
    },
    {
      title: 'Follow the order',
      explanation: 'SOLD, then MINTING, then DELIVERED once the token is in the wallet.',
      command: `curl -s "${base}/partner/orders/$ORDER" -H "x-api-key: $KEY"`,
    },
    {
      title: 'Or release the hold',
      explanation:
        'When the buyer walks away: the plaque is available again at once, instead of after ten minutes. Your checkout calls this; the dashboard has no button for it.',
      command: `curl -s -X DELETE "${base}/partner/reservations/$RESERVATION" -H "x-api-key: $KEY"`,
    },
  ];
}

/** The variables the calls use, as lines to paste first: the plaque is one the listing shows AVAILABLE now. */
export const workflowVariables = (baseUrl: string, keyPrefix: string | null): string =>
  [
    `KEY=${keyPrefix ? `${keyPrefix}…` : 'pk_…'}   # your API key, as shown when you created it`,
    `PLAQUE=$(curl -sg "${baseUrl.replace(/\/+$/, '')}/plaques/featured?filters[status][]=AVAILABLE&limit=1" | grep -o '"id":[0-9]*' | head -n 1 | cut -d: -f2)`,
    "WALLET=0x70997970C51812dc3A010C7d01b50e0d17dc79C8   # your buyer's wallet",
  ].join('\n');

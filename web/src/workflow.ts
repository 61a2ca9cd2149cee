// "Getting started": the selling workflow's calls as curl lines against the partner's base URL, ready to copy.

export interface WorkflowCall {
  title: string;
  explanation: string;
  command: string;
}

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
      explanation: 'Ten minutes, for one wallet; the answer carries the reservationId, the price and the token metadata.',
      command:
        `curl -s -X POST "${base}/partner/plaques/$PLAQUE/prepare" -H "x-api-key: $KEY" ` +
        `-H 'content-type: application/json' -d "{\\"buyerWallet\\":\\"$WALLET\\"}"`,
    },
    {
      title: 'Buy it',
      explanation: 'Once per Idempotency-Key of your own: repeating the request replays the same answer.',
      command:
        `curl -s -X POST "${base}/partner/plaques/$PLAQUE/buy" -H "x-api-key: $KEY" ` +
        `-H 'content-type: application/json' -H "idempotency-key: $(uuidgen)" ` +
        `-d "{\\"reservationId\\":\\"$RESERVATION\\",\\"buyerWallet\\":\\"$WALLET\\"}"`,
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

/** The variables the calls use, as lines to paste first. */
export const workflowVariables = (keyPrefix: string | null): string =>
  [
    `KEY=${keyPrefix ? `${keyPrefix}…` : 'pk_…'}   # your API key, as shown when you created it`,
    'PLAQUE=42',
    'WALLET=0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  ].join('\n');

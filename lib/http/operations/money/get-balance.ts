// The declaration of getBalance: route, caller, access, documentation, request and responses.
import { example, operation } from '#lib/http/operation.ts';
import { partnerKeyOrUser } from '#lib/http/principals.ts';
import { moneyCall, moneyRules, moneyTag } from '#lib/http/operations/money/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { balanceSchema } from '#lib/money/response-schemas.ts';

export const getBalance = operation({
  method: 'GET',
  path: '/partner/balance',
  operationId: 'getBalance',
  auth: partnerKeyOrUser,
  access: moneyCall,
  summary: 'What the partner owes the service, per currency',
  description: [
    moneyRules,
    "`balances`: one per currency the partner has any entry in, by code, each the sum of every entry's `due` in that currency " +
      '(a negative `due` balance is money the service owes the partner, after an overpayment say). A partner without entries answers ' +
      '`{ "balances": [] }`.',
    'Read from totals kept per month and currency as entries are written (in the same transaction as each entry), so the answer is one ' +
      'small read however many entries there are, and always equals the sum of the entries.',
  ].join('\n\n'),
  tag: moneyTag,
  example: example([], () => ({})),
  responses: { 200: { description: 'The balance per currency', schema: shapeNamed<typeof balanceSchema>('Balance') } },
});

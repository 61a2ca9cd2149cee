// Suite: sign-in code mails in the synthesized templates: the code mail sender fed by the table stream through its
// own filter, its dead letters and alarms, and what it may touch (the request itself no longer mails or derives wallets).
import { describe, expect, it } from 'vitest';
import { CODE_MAIL_STREAM_FILTERS } from '#lib/accounts/code-mail-stream.ts';
import { ENTITY } from '#lib/db/keys.ts';
import { CODE_MAIL_HANDLER } from '#lib/http/routes.ts';
import { ENV } from '../../infra/api-function.ts';
import { CODE_MAIL_RETRY_ATTEMPTS } from '../../infra/code-mail.ts';
import type { ServiceSecrets } from '../../infra/secrets.ts';
import { stages } from '../../infra/stages.ts';
import { asArray, functionsByModule, logicalIdOf, resourcesOf, roleStatements, synthStage } from './synth.ts';

const actionsOf = (statements: Array<Record<string, any>>) => statements.flatMap((s) => asArray<string>(s['Action']));

describe.each(['staging', 'production'] as const)('%s code mails', (stageName) => {
  it('feeds the sender’s live alias the code records whose mail is pending, with retries, bisection and a DLQ', () => {
    const { stack, template } = synthStage(stageName);
    const alias = logicalIdOf(stack.functions.get(CODE_MAIL_HANDLER)!.live);
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m.Properties!['FunctionName']).includes(`"Ref":"${alias}"`),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties!;
    const table = logicalIdOf(stack.node.findChild('Data').node.findChild('Table'));
    const queue = logicalIdOf(stack.node.findChild('CodeMail').node.findChild('DeadLetters'));
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [table, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      MaximumRetryAttempts: CODE_MAIL_RETRY_ATTEMPTS,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
    });
    const patterns = mapping['FilterCriteria'].Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    expect(patterns).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { NewImage: { entity: { S: [ENTITY.verificationCode] }, mailState: { S: ['pending'] } } },
      },
    ]);
    expect(patterns).toEqual(CODE_MAIL_STREAM_FILTERS.map((pattern) => JSON.parse(JSON.stringify(pattern))));
  });

  it('lets the sender read and write the table, derive wallets, read the JWT keys and mail from the stage sender only', () => {
    const { stack, template } = synthStage(stageName);
    const fns = functionsByModule(template);
    const sender = fns.get(CODE_MAIL_HANDLER)!;
    const statements = roleStatements(template, sender.properties['Role']['Fn::GetAtt'][0]);
    const mail = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('ses:')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!['Condition']).toEqual({ StringEquals: { 'ses:FromAddress': stages[stageName].mailFrom } });
    const secrets = stack.node.findChild('Secrets') as ServiceSecrets;
    const secretReads = statements
      .filter((s) => actionsOf([s]).some((a) => a.startsWith('secretsmanager:')))
      .flatMap((s) => asArray(s['Resource']));
    expect(secretReads).toEqual(
      expect.arrayContaining([{ Ref: logicalIdOf(secrets.jwtKeys) }, { Ref: logicalIdOf(secrets.walletMnemonic) }]),
    );
    const actions = actionsOf(statements);
    for (const action of ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:GetRecords'])
      expect(actions).toContain(action);
    expect(sender.properties['Environment'].Variables).toMatchObject({ MAIL_FROM: stages[stageName].mailFrom });
    expect(Object.keys(sender.properties['Environment'].Variables)).toEqual(
      expect.arrayContaining([ENV.jwtKeysSecretArn, ENV.walletMnemonicSecretArn]),
    );

    // The request stores the code and answers: it neither mails nor derives a wallet.
    const request = fns.get('functions/auth/request-code.ts')!;
    const requestActions = actionsOf(roleStatements(template, request.properties['Role']['Fn::GetAtt'][0]));
    expect(requestActions.filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(request.properties['Environment'].Variables[ENV.walletMnemonicSecretArn]).toBeUndefined();
    expect(request.properties['Environment'].Variables['MAIL_FROM']).toBeUndefined();
  });

  it('alarms on the stage topic when a code mail is dead-lettered, the sender fails or falls behind', () => {
    const { stack, template } = synthStage(stageName);
    const queue = logicalIdOf(stack.node.findChild('CodeMail').node.findChild('DeadLetters'));
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties!);
    const alarm = (name: string) => alarms.find((a) => a['AlarmName'] === `PlaqueApi-${stageName}-${name}`)!;
    expect(JSON.stringify(alarm('CodeMailDlqDepth')['Dimensions'])).toContain(queue);
    expect(alarm('CodeMailSenderErrors')).toMatchObject({ MetricName: 'Errors' });
    expect(alarm('CodeMailIteratorAge')).toMatchObject({ MetricName: 'IteratorAge', Threshold: 60_000 });
    const topic = alarm('Api5xxRate')['AlarmActions'];
    for (const name of ['CodeMailDlqDepth', 'CodeMailSenderErrors', 'CodeMailIteratorAge'])
      expect(alarm(name)['AlarmActions']).toEqual(topic);
  });
});

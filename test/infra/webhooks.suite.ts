// Suite: order events for partners' webhooks in the synthesized templates: the key that seals endpoint secrets and
// who may use it, the sender's wake-up queue and its dead letters, the second stream consumer, and the alarms.
import { describe, expect, it } from 'vitest';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { functionManifest, ORDER_EVENTS_HANDLER, WEBHOOK_SENDER_HANDLER } from '#lib/http/routes.ts';
import { EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';
import { FAILING_ENDPOINT_ATTEMPTS, WAKEUP_MAX_RECEIVES } from '../../infra/webhooks.ts';
import { WEBHOOK_ATTEMPT_FAILED_MESSAGE, WEBHOOK_EVENT_FAILED_MESSAGE } from '#lib/webhooks/log-events.ts';
import { asArray, functionsByModule, logicalIdOf, methods, resourcesOf, roleStatements, stackTemplates, synthStage } from './synth.ts';

const functionAccess: Record<string, FunctionAccess> = Object.fromEntries(functionManifest().map((fn) => [fn.handler, fn.access]));
const actionsOf = (statements: Array<Record<string, any>>) => statements.flatMap((s) => asArray<string>(s['Action']));

describe.each(['staging', 'production'] as const)('%s webhooks', (stageName) => {
  const setup = () => {
    const { stack, template } = synthStage(stageName);
    const webhooks = stack.node.findChild('Webhooks');
    const id = (child: string) => logicalIdOf(webhooks.node.findChild(child));
    return {
      stack,
      template,
      fns: functionsByModule(template),
      key: id('SecretsKey'),
      queue: id('Wakeups'),
      wakeupDlq: id('WakeupDeadLetters'),
      eventDlq: id('EventDeadLetters'),
    };
  };
  const statementsOf = (template: ReturnType<typeof setup>['template'], fn: { properties: Record<string, any> }) =>
    roleStatements(template, fn.properties['Role']['Fn::GetAtt'][0]);

  it('seals secrets with a rotated key: registration may only encrypt, the sender only decrypt, no other function either', () => {
    const { template, fns, key } = setup();
    expect(resourcesOf(template, 'AWS::KMS::Key')[key]!.Properties!['EnableKeyRotation']).toBe(true);
    const sealers: string[] = [];
    const openers: string[] = [];
    for (const [module, fn] of fns) {
      const statements = statementsOf(template, fn).filter((s) => actionsOf([s]).some((a) => a.startsWith('kms:')));
      const onKey = statements.filter((s) => JSON.stringify(s['Resource']).includes(key));
      const mode = functionAccess[module]!.webhookSecrets;
      if (!mode) {
        expect(onKey, module).toEqual([]);
        expect(fn.properties['Environment'].Variables['WEBHOOK_KEY_ARN'], module).toBeUndefined();
        continue;
      }
      expect(actionsOf(onKey), module).toEqual([mode === 'seal' ? 'kms:Encrypt' : 'kms:Decrypt']);
      expect(fn.properties['Environment'].Variables['WEBHOOK_KEY_ARN'], module).toEqual({ 'Fn::GetAtt': [key, 'Arn'] });
      (mode === 'seal' ? sealers : openers).push(module);
    }
    expect(sealers).toEqual(['functions/webhooks/create-webhook.ts', 'functions/webhooks/rotate-webhook-secret.ts']);
    expect(openers).toEqual([WEBHOOK_SENDER_HANDLER]);
  });

  it('lets only the functions that wake the sender send to its queue, which dead-letters a wake-up after five receives', () => {
    const { template, fns, queue, wakeupDlq } = setup();
    const props = resourcesOf(template, 'AWS::SQS::Queue')[queue]!.Properties!;
    expect(props['RedrivePolicy']).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [wakeupDlq, 'Arn'] },
      maxReceiveCount: WAKEUP_MAX_RECEIVES,
    });
    // Six times the sender's timeout: a wake-up is not handed to a second sender while the first still runs.
    expect(props['VisibilityTimeout']).toBe(6 * functionAccess[WEBHOOK_SENDER_HANDLER]!.timeoutSeconds!);
    const senders: string[] = [];
    for (const [module, fn] of fns) {
      const sends = statementsOf(template, fn).filter(
        (s) => actionsOf([s]).includes('sqs:SendMessage') && JSON.stringify(s['Resource']).includes(queue),
      );
      if (!functionAccess[module]!.webhookQueue) {
        expect(sends, module).toEqual([]);
        continue;
      }
      expect(sends.length, module).toBe(1);
      expect(fn.properties['Environment'].Variables['WEBHOOK_QUEUE_URL'], module).toEqual({ Ref: queue });
      senders.push(module);
    }
    expect(senders.sort()).toEqual(
      [
        ORDER_EVENTS_HANDLER,
        'functions/webhooks/test-webhook.ts',
        'functions/webhooks/resend-webhook-event.ts',
        WEBHOOK_SENDER_HANDLER,
      ].sort(),
    );
  });

  it('serves the event feed with the webhook functions, behind an API key or the session, touching neither the key nor the queue', () => {
    const { stack, template, fns, key, queue } = setup();
    const webhooks = stackTemplates(stack).find((s) => s.stack.node.id === 'WebhooksFunctions');
    expect([...functionsByModule(webhooks!.template).keys()]).toEqual(
      expect.arrayContaining(['functions/webhooks/list-events.ts', 'functions/webhooks/list-event-log.ts']),
    );
    const feed = methods(template).find((m) => m.path === '/partner/events' && m.httpMethod === 'GET')!;
    expect(feed.properties['ApiKeyRequired']).toBe(true);
    const log = methods(template).find((m) => m.path === '/partner/event-log' && m.httpMethod === 'GET')!;
    expect(log.properties['AuthorizationType']).toBe('CUSTOM');
    for (const module of ['functions/webhooks/list-events.ts', 'functions/webhooks/list-event-log.ts']) {
      const statements = JSON.stringify(statementsOf(template, fns.get(module)!));
      expect(statements, module).not.toContain(key);
      expect(statements, module).not.toContain(queue);
    }
  });

  it('feeds the sender from the queue with partial batch failures and a concurrency cap', () => {
    const { stack, template, queue } = setup();
    const sender = logicalIdOf(stack.functions.get(WEBHOOK_SENDER_HANDLER)!.live);
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m.Properties!['FunctionName']).includes(`"Ref":"${sender}"`),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [queue, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: expect.any(Number) },
    });
  });

  it('makes events from the table stream: its own filter on status moves, in order per shard, failures to a DLQ', () => {
    const { stack, template, eventDlq } = setup();
    const maker = logicalIdOf(stack.functions.get(ORDER_EVENTS_HANDLER)!.live);
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m.Properties!['FunctionName']).includes(`"Ref":"${maker}"`),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties!;
    const table = logicalIdOf(stack.node.findChild('Data').node.findChild('Table'));
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [table, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      ParallelizationFactor: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [eventDlq, 'Arn'] } } },
    });
    expect(mapping['FilterCriteria'].Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual(
      EVENT_STREAM_FILTERS.map((pattern) => JSON.parse(JSON.stringify(pattern))),
    );
    // The table stream has three readers: the delivery worker, this one and the code mail sender (docs/webhooks.md
    // on DynamoDB's advice of two per shard).
    const streamReaders = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m.Properties!['EventSourceArn']).includes('StreamArn'),
    );
    expect(streamReaders).toHaveLength(3);
  });

  it('alarms on the stage topic when an endpoint keeps failing, an event is given up, and a wake-up or a move is dead-lettered', () => {
    const { template, fns, wakeupDlq, eventDlq } = setup();
    const sender = fns.get(WEBHOOK_SENDER_HANDLER)!;
    const filters = Object.values(resourcesOf(template, 'AWS::Logs::MetricFilter')).map((f) => f.Properties!);
    const filterOf = (message: string) => filters.find((f) => f['FilterPattern'] === `{ $.message = "${message}" }`)!;
    const attempts = filterOf(WEBHOOK_ATTEMPT_FAILED_MESSAGE);
    expect(attempts['LogGroupName']).toEqual({ Ref: sender.properties['LoggingConfig'].LogGroup.Ref });
    expect(attempts['MetricTransformations'][0].MetricValue).toBe('$.attempt');
    expect(filterOf(WEBHOOK_EVENT_FAILED_MESSAGE)['MetricTransformations'][0].MetricValue).toBe('1');

    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties!);
    const alarm = (name: string) => alarms.find((a) => a['AlarmName'] === `PlaqueApi-${stageName}-${name}`)!;
    expect(alarm('WebhookEndpointFailing')).toMatchObject({
      MetricName: attempts['MetricTransformations'][0].MetricName,
      Statistic: 'Maximum',
      Threshold: FAILING_ENDPOINT_ATTEMPTS,
    });
    expect(alarm('WebhookEventsFailed')).toMatchObject({ Statistic: 'Sum', Threshold: 1 });
    expect(JSON.stringify(alarm('WebhookWakeupDlqDepth')['Dimensions'])).toContain(wakeupDlq);
    expect(JSON.stringify(alarm('WebhookEventDlqDepth')['Dimensions'])).toContain(eventDlq);
    const topic = alarm('Api5xxRate')['AlarmActions'];
    for (const name of ['WebhookEndpointFailing', 'WebhookEventsFailed', 'WebhookWakeupDlqDepth', 'WebhookEventDlqDepth']) {
      expect(alarm(name)['AlarmActions'], name).toEqual(topic);
    }
  });
});

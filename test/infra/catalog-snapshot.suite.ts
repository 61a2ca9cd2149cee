// Suite: the listing's catalogue snapshot in the synthesized templates: its private bucket, who may read and replace
// the one object, the writer's schedule, and the listing's memory.
import { describe, expect, it } from 'vitest';
import { CATALOG_SNAPSHOT_HANDLER, functionManifest } from '#lib/http/routes.ts';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { asArray, functionsByModule, logicalIdOf, resourcesOf, roleStatements, synthStage } from './synth.ts';

const LISTING = 'functions/plaques/list-featured.ts';
const functionAccess: Record<string, FunctionAccess> = Object.fromEntries(functionManifest().map((fn) => [fn.handler, fn.access]));

describe.each(['staging', 'production'] as const)('%s catalogue snapshot', (stageName) => {
  const setup = () => {
    const { stack, template } = synthStage(stageName);
    const bucket = logicalIdOf(stack.node.findChild('CatalogSnapshots').node.findChild('Bucket'));
    return { stack, template, bucket, fns: functionsByModule(template) };
  };
  const s3On = (template: ReturnType<typeof setup>['template'], role: string, bucket: string) =>
    roleStatements(template, role).filter(
      (s) => asArray<string>(s['Action']).some((a) => a.startsWith('s3:')) && JSON.stringify(s['Resource']).includes(bucket),
    );

  it('keeps the snapshot in a private, encrypted, TLS-only bucket', () => {
    const { template, bucket } = setup();
    const props = resourcesOf(template, 'AWS::S3::Bucket')[bucket]!.Properties!;
    expect(props['PublicAccessBlockConfiguration']).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(props['BucketEncryption'].ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
  });

  it("lets the listing read the snapshot's two objects only, the writer replace them, and no other function touch the bucket", () => {
    const { template, bucket, fns } = setup();
    for (const [module, fn] of fns) {
      const statements = s3On(template, fn.properties['Role']['Fn::GetAtt'][0], bucket);
      const actions = statements.flatMap((s) => asArray<string>(s['Action']));
      const mode = functionAccess[module]!.catalogSnapshot;
      if (!mode) {
        expect(statements, module).toEqual([]);
        continue;
      }
      expect(fn.properties['Environment'].Variables['CATALOG_SNAPSHOT_BUCKET'], module).toEqual({ Ref: bucket });
      const objects = statements.flatMap((s) => asArray(s['Resource'])).filter((r) => JSON.stringify(r).includes('/catalog/'));
      expect(objects.length, module).toBeGreaterThan(0);
      expect(JSON.stringify(objects)).toContain('.snapshot"');
      expect(JSON.stringify(objects)).toContain('.records"');
      expect(JSON.stringify(objects)).not.toContain('*"');
      // Listing is allowed for exactly the two keys (so a missing object reads as 404), nothing else in the bucket.
      const listed = statements.filter((s) => asArray<string>(s['Action']).includes('s3:ListBucket'));
      const prefixes = JSON.stringify(listed.map((s) => s['Condition']));
      expect(listed, module).toHaveLength(1);
      expect(prefixes).toMatch(
        /"s3:prefix":\[\{"Fn::Join":\["",\["catalog\/",\{"Ref":"\w+"\},"\.snapshot"\]\]\},\{"Fn::Join":\["",\["catalog\/",\{"Ref":"\w+"\},"\.records"\]\]\}\]/,
      );
      if (mode === 'read')
        expect(
          actions.filter((a) => a.startsWith('s3:Put') || a.startsWith('s3:Delete')),
          module,
        ).toEqual([]);
      else expect(actions, module).toContain('s3:PutObject');
    }
    expect(functionAccess[LISTING]!.catalogSnapshot).toBe('read');
    expect(functionAccess[CATALOG_SNAPSHOT_HANDLER]!.catalogSnapshot).toBe('write');
  });

  it('runs the writer every minute, and gives the listing the memory its index needs', () => {
    const { stack, template, fns } = setup();
    // The schedule invokes the live alias (deployments.suite.ts checks every trigger).
    const writer = logicalIdOf(stack.functions.get(CATALOG_SNAPSHOT_HANDLER)!.live);
    const rules = Object.values(resourcesOf(template, 'AWS::Events::Rule')).filter((r) =>
      JSON.stringify(r.Properties!['Targets']).includes(`"Ref":"${writer}"`),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties!['ScheduleExpression']).toBe('rate(1 minute)');
    const invokers = Object.values(resourcesOf(template, 'AWS::Lambda::Permission')).filter(
      (p) =>
        JSON.stringify(p.Properties!['FunctionName']).includes(`"Ref":"${writer}"`) &&
        p.Properties!['Principal'] === 'events.amazonaws.com',
    );
    expect(invokers).toHaveLength(1);
    expect(fns.get(CATALOG_SNAPSHOT_HANDLER)!.properties['MemorySize']).toBe(1024);
    expect(fns.get(LISTING)!.properties['MemorySize']).toBe(1024);
  });
});

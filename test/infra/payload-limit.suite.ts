// Suite: the WAF web ACL in the synthesized templates, answering 413 problem+json for requests too large for Lambda.
import { describe, expect, it } from 'vitest';
import { problemType } from '#lib/http/problem.ts';
import { integerAbovePattern, MAX_REQUEST_BODY_BYTES } from '../../infra/payload-limit.ts';
import { logicalIdOf, resourcesOf, synthStage } from './synth.ts';

describe.each(['staging', 'production'] as const)('the %s web ACL', (stageName) => {
  it('blocks requests whose Content-Length exceeds the limit with 413 problem+json, and allows the rest', () => {
    const { template } = synthStage(stageName);
    const acls = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(1);
    const acl = acls[0]!.Properties!;
    expect(acl['Scope']).toBe('REGIONAL');
    expect(acl['DefaultAction']).toEqual({ Allow: {} });
    const rule = acl['Rules'][0];
    expect(rule['Statement']).toEqual({
      RegexMatchStatement: {
        RegexString: integerAbovePattern(MAX_REQUEST_BODY_BYTES),
        FieldToMatch: { SingleHeader: { Name: 'content-length' } },
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    });
    const response = rule['Action'].Block.CustomResponse;
    expect(response.ResponseCode).toBe(413);
    const body = acl['CustomResponseBodies'][response.CustomResponseBodyKey];
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({
      type: problemType('PAYLOAD_TOO_LARGE'),
      title: 'Payload too large',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      detail: expect.stringContaining(String(MAX_REQUEST_BODY_BYTES)),
    });
  });

  it("lets the stage's dashboard (the one allowed origin) read the 413, marked nosniff", () => {
    const { template, stack } = synthStage(stageName);
    const acl = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'))[0]!.Properties!;
    const headers = acl['Rules'][0]['Action'].Block.CustomResponse.ResponseHeaders;
    expect(headers).toEqual([
      { Name: 'access-control-allow-origin', Value: stack.resolve(stack.dashboard.origin) },
      { Name: 'x-content-type-options', Value: 'nosniff' },
    ]);
  });

  it('is attached to the API stage', () => {
    const { stack, template } = synthStage(stageName);
    const association = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACLAssociation'))[0]!.Properties!;
    const acl = Object.keys(resourcesOf(template, 'AWS::WAFv2::WebACL'))[0]!;
    expect(association['WebACLArn']).toEqual({ 'Fn::GetAtt': [acl, 'Arn'] });
    const apiStage = logicalIdOf(stack.httpApi.api.deploymentStage);
    expect(JSON.stringify(association['ResourceArn'])).toContain(apiStage);
  });
});

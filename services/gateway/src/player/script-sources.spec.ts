import { resolveGatewayEnv } from '../config/load-gateway-env';
import { scriptSources } from '../http-pipeline';

describe('the scripts the web app may run', () => {
  it("are its own and YouTube's (the IFrame Player API and the widget script it loads) by default", () => {
    expect(scriptSources(resolveGatewayEnv({}))).toEqual(["'self'", 'https://www.youtube.com']);
  });

  it("are its own and a stand-in's origin when YOUTUBE_IFRAME_API_URL points at one", () => {
    expect(
      scriptSources(resolveGatewayEnv({ YOUTUBE_IFRAME_API_URL: 'http://127.0.0.1:3099/iframe_api' })),
    ).toEqual(["'self'", 'http://127.0.0.1:3099']);
  });
});

import { CONTEST_ERR, ERR, JUDGING_ERR } from '@oj/contracts';
import { errorEnvelope } from './envelope';

describe('errorEnvelope', () => {
  it("carries the stable code of a catalogue text beside HOJ's msg", () => {
    expect(errorEnvelope(400, ERR.captchaWrong)).toEqual({ status: 400, msg: ERR.captchaWrong, data: null, msgCode: 'ERR.captchaWrong' });
    expect(errorEnvelope(400, CONTEST_ERR.wrongPassword).msgCode).toBe('CONTEST_ERR.wrongPassword');
    expect(errorEnvelope(429, JUDGING_ERR.submitTooFrequent(7))).toMatchObject({
      msg: 'Sorry, your submission is too frequent, please try again in 7 seconds!',
      msgCode: 'JUDGING_ERR.submitTooFrequent',
    });
  });

  it('leaves a text outside the catalogues as HOJ sends it, without a code', () => {
    expect(errorEnvelope(400, 'custom', { a: 1 })).toEqual({ status: 400, msg: 'custom', data: { a: 1 } });
  });
});

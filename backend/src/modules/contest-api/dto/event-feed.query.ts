import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** Query of GET /api/contests/{cid}/event-feed. */
export class EventFeedQuery {
  /** Resume after this event's token. */
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,18}$/)
  since_token?: string;

  /** Only these event types (comma separated). */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  types?: string;

  /** `false`: the events so far, then the answer ends. */
  @IsOptional()
  @IsIn(['true', 'false'])
  stream?: string;
}

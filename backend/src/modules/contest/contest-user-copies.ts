import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserService } from '../user/user.service';
import { ScoreboardService } from './scoreboard/scoreboard.service';

/**
 * A renamed user's boards: every contest they submitted to or created is rebuilt from the database on its next
 * read (its rows carry the name), with the contest caches that go with it (ScoreboardService.invalidate).
 */
@Injectable()
export class ContestUserCopies implements OnModuleInit {
  constructor(
    private readonly users: UserService,
    private readonly scoreboards: ScoreboardService,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.users.onCopiedFieldsChanged(async (change) => {
      // Boards show the name, nickname, real name and school (not the avatar).
      if (!change.renamedFrom && !change.profileChanged) return;
      const rows: { cid: number }[] = await this.dataSource.query(
        'SELECT DISTINCT cid FROM judge WHERE uid = $1 AND cid > 0 UNION SELECT id AS cid FROM contest WHERE uid = $1',
        [change.uid],
      );
      for (const { cid } of rows) await this.scoreboards.invalidate(Number(cid));
    });
  }
}

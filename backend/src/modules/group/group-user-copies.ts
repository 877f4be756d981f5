import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserService } from '../user/user.service';
import { GroupService } from './group.service';

/** A renamed owner: the rows of their groups (which carry the owner's name) are dropped on every replica. */
@Injectable()
export class GroupUserCopies implements OnModuleInit {
  constructor(
    private readonly users: UserService,
    private readonly groups: GroupService,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.users.onCopiedFieldsChanged(async (change) => {
      if (!change.renamedFrom) return;
      const owned: { id: number }[] = await this.dataSource.query('SELECT id FROM group_info WHERE uid = $1', [change.uid]);
      for (const { id } of owned) this.groups.forgetRow(Number(id));
    });
  }
}

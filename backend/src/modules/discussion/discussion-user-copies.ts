import { Injectable, OnModuleInit } from '@nestjs/common';
import { UserService } from '../user/user.service';
import { DiscussionCacheService } from './discussion-cache.service';

/** A user's new name or avatar: every cached discussion page is dropped (posts, comments and replies carry them). */
@Injectable()
export class DiscussionUserCopies implements OnModuleInit {
  constructor(
    private readonly users: UserService,
    private readonly cache: DiscussionCacheService,
  ) {}

  onModuleInit(): void {
    this.users.onCopiedFieldsChanged(async (change) => {
      if (change.renamedFrom || change.avatarChanged) await this.cache.touch({ all: true });
    });
  }
}

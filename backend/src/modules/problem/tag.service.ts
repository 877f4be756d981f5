import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, JUDGING_ERR } from '@oj/contracts';
import { Repository } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { TagDto } from './dto/problem.dto';
import { ProblemTag } from './entities/problem-tag.entity';
import { Tag } from './entities/tag.entity';
import { LOCAL_OJ } from './problem.service';

/** Admin tag CRUD (/api/admin/tag). Names are unique per attribution. */
@Injectable()
export class TagService {
  constructor(
    @InjectRepository(Tag) private readonly tags: Repository<Tag>,
    @InjectRepository(ProblemTag) private readonly problemTags: Repository<ProblemTag>,
  ) {}

  async create(dto: TagDto): Promise<Tag> {
    const oj = dto.oj || LOCAL_OJ;
    const name = dto.name.trim();
    if (await this.tags.findOne({ where: { name, oj } })) throw new BadRequestError(JUDGING_ERR.tagExists);
    return this.tags.save(this.tags.create({ name, oj, color: dto.color ?? null }));
  }

  async update(dto: TagDto): Promise<Tag> {
    const tag = await this.tags.findOne({ where: { id: dto.id ?? 0 } });
    if (!tag) throw new NotFoundError(ERR.notFound);
    const name = dto.name.trim();
    const oj = dto.oj || tag.oj;
    const clash = await this.tags.findOne({ where: { name, oj } });
    if (clash && clash.id !== tag.id) throw new BadRequestError(JUDGING_ERR.tagExists);
    return this.tags.save(Object.assign(tag, { name, oj, color: dto.color ?? tag.color }));
  }

  async remove(tid: number): Promise<void> {
    const tag = await this.tags.findOne({ where: { id: tid } });
    if (!tag) throw new NotFoundError(ERR.notFound);
    await this.problemTags.delete({ tid });
    await this.tags.delete({ id: tid });
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, JUDGING_ERR } from '@oj/contracts';
import { In, IsNull, Repository } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { TagClassificationDto, TagDto } from './dto/problem.dto';
import { ProblemTag } from './entities/problem-tag.entity';
import { TagClassification } from './entities/tag-classification.entity';
import { Tag } from './entities/tag.entity';
import { tagOjOf } from './oj-filter';
import { LOCAL_OJ } from './problem.service';

/** One class with its tags (HOJ ProblemTagVO); `classification` is absent for the tags of no class. */
export interface ProblemTagGroup {
  classification: TagClassification | null;
  tagList: Tag[];
}

/** Admin tag and tag classification CRUD (/api/admin/tag...), and the public tag reads built on them. */
@Injectable()
export class TagService {
  constructor(
    @InjectRepository(Tag) private readonly tags: Repository<Tag>,
    @InjectRepository(TagClassification) private readonly classes: Repository<TagClassification>,
    @InjectRepository(ProblemTag) private readonly problemTags: Repository<ProblemTag>,
  ) {}

  async create(dto: TagDto): Promise<Tag> {
    const oj = dto.oj || LOCAL_OJ;
    const name = dto.name.trim();
    if (await this.tags.findOne({ where: { name, oj } })) throw new BadRequestError(JUDGING_ERR.tagExists);
    await this.assertClassExists(dto.tcid);
    return this.tags.save(this.tags.create({ name, oj, color: dto.color ?? null, tcid: dto.tcid ?? null }));
  }

  async update(dto: TagDto): Promise<Tag> {
    const tag = await this.tags.findOne({ where: { id: dto.id ?? 0 } });
    if (!tag) throw new NotFoundError(ERR.notFound);
    const name = dto.name.trim();
    const oj = dto.oj || tag.oj;
    const clash = await this.tags.findOne({ where: { name, oj } });
    if (clash && clash.id !== tag.id) throw new BadRequestError(JUDGING_ERR.tagExists);
    await this.assertClassExists(dto.tcid);
    const tcid = dto.tcid === undefined ? tag.tcid : dto.tcid;
    return this.tags.save(Object.assign(tag, { name, oj, color: dto.color ?? tag.color, tcid }));
  }

  async remove(tid: number): Promise<void> {
    const tag = await this.tags.findOne({ where: { id: tid } });
    if (!tag) throw new NotFoundError(ERR.notFound);
    await this.problemTags.delete({ tid });
    await this.tags.delete({ id: tid });
  }

  // ---- classifications -------------------------------------------------------------------------------

  /** GET admin/tag/classification: one OJ's classes by rank (default the local bank), or all with `oj=All`. */
  async classifications(oj?: string): Promise<TagClassification[]> {
    const key = tagOjOf(oj);
    return this.classes.find({ where: key === null ? {} : { oj: key }, order: { rank: 'ASC', id: 'ASC' } });
  }

  async createClassification(dto: TagClassificationDto): Promise<TagClassification> {
    const name = dto.name.trim();
    const oj = tagOjOf(dto.oj) ?? LOCAL_OJ;
    if (await this.classes.existsBy({ name, oj })) throw new BadRequestError(JUDGING_ERR.tagClassificationExists);
    return this.classes.save(this.classes.create({ name, oj, rank: dto.rank ?? 0 }));
  }

  async updateClassification(dto: TagClassificationDto): Promise<TagClassification> {
    const row = await this.classes.findOne({ where: { id: dto.id ?? 0 } });
    if (!row) throw new NotFoundError(ERR.notFound);
    const name = dto.name.trim();
    const oj = dto.oj ? (tagOjOf(dto.oj) ?? LOCAL_OJ) : row.oj;
    const clash = await this.classes.findOne({ where: { name, oj } });
    if (clash && clash.id !== row.id) throw new BadRequestError(JUDGING_ERR.tagClassificationExists);
    return this.classes.save(Object.assign(row, { name, oj, rank: dto.rank ?? row.rank }));
  }

  /** Deletes a class; its tags stay, listed under no class. */
  async removeClassification(tcid: number): Promise<void> {
    if (!(await this.classes.existsBy({ id: tcid }))) throw new NotFoundError(ERR.notFound);
    await this.tags.update({ tcid }, { tcid: null });
    await this.classes.delete({ id: tcid });
  }

  /**
   * GET get-problem-tags-and-classification (HOJ ProblemTagVO list): each class of the OJ by rank with its
   * tags, then the tags of no class (as one group without `classification`). Group tags are never listed.
   */
  async tagsAndClassifications(oj?: string): Promise<ProblemTagGroup[]> {
    const key = tagOjOf(oj);
    const [classes, tags] = await Promise.all([
      this.classifications(oj),
      this.tags.find({ where: key === null ? { gid: IsNull() } : { gid: IsNull(), oj: key }, order: { name: 'ASC' } }),
    ]);
    const groups: ProblemTagGroup[] = classes.map((c) => ({ classification: c, tagList: tags.filter((t) => t.tcid === c.id) }));
    const classIds = new Set(classes.map((c) => c.id));
    const loose = tags.filter((t) => t.tcid === null || !classIds.has(t.tcid));
    if (loose.length || groups.length === 0) groups.push({ classification: null, tagList: loose });
    return groups;
  }

  /** GET get-problem-tags: the tags of one problem (visibility checked by the caller). */
  async tagsOfProblem(pid: number): Promise<Tag[]> {
    const tids = (await this.problemTags.find({ where: { pid } })).map((pt) => pt.tid);
    return tids.length ? this.tags.find({ where: { id: In(tids) }, order: { name: 'ASC' } }) : [];
  }

  private async assertClassExists(tcid: number | null | undefined): Promise<void> {
    if (tcid != null && !(await this.classes.existsBy({ id: tcid }))) throw new NotFoundError(ERR.notFound);
  }
}

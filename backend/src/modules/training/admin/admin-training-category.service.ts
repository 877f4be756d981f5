import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TRAINING_ERR, TrainingCategoryInfo } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { TrainingCategoryDto } from '../dto/admin-training.dto';
import { TrainingCategory } from '../entities/training-category.entity';
import { Training } from '../entities/training.entity';
import { toCategory } from '../training.service';

const DEFAULT_COLOR = '#409EFF';

/** Training categories (HOJ AdminTrainingCategoryController): name and badge colour. */
@Injectable()
export class AdminTrainingCategoryService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get categories() {
    return this.db.getRepository(TrainingCategory);
  }

  async add(dto: TrainingCategoryDto): Promise<TrainingCategoryInfo> {
    const name = dto.name.trim();
    if (!name) throw new BadRequestError(TRAINING_ERR.categoryNameRequired);
    return toCategory(await this.categories.save(this.categories.create({ name, color: dto.color?.trim() || DEFAULT_COLOR, gid: null })));
  }

  async update(dto: TrainingCategoryDto): Promise<null> {
    if (!dto.id) throw new BadRequestError(TRAINING_ERR.categoryNotFound);
    const existing = await this.categories.findOneBy({ id: dto.id });
    if (!existing) throw new NotFoundError(TRAINING_ERR.categoryNotFound);
    const name = dto.name.trim();
    if (!name) throw new BadRequestError(TRAINING_ERR.categoryNameRequired);
    await this.categories.update({ id: existing.id }, { name, color: dto.color?.trim() || existing.color });
    return null;
  }

  /** Trainings of a deleted category stay, without a category. */
  async remove(cid: number): Promise<null> {
    await this.db.transaction(async (em) => {
      const res = await em.delete(TrainingCategory, { id: cid });
      if (!res.affected) throw new NotFoundError(TRAINING_ERR.categoryNotFound);
      await em.update(Training, { categoryId: cid }, { categoryId: null });
    });
    return null;
  }
}

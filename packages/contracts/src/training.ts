/**
 * Training (product §2–§7): problem sets in categories, public or private with a password, progress and rank.
 * Field names are HOJ's (TrainingVO, TrainingRankVO, TrainingDTO, TrainingProblemDTO) so its client renders them.
 */

import { TrainingAuth } from './contest';
import { LIMITS } from './limits';

export const TRAINING_LIMITS = {
  titleMax: 255,
  descriptionMax: 65535,
  passwordMax: LIMITS.accessPasswordMax,
  categoryNameMax: 100,
  displayIdMax: 100,
} as const;

/** Texts of training errors (product §8 style: one sentence, shown as is). */
export const TRAINING_ERR = {
  titleRequired: 'The training title is required.',
  authInvalid: 'The training must be Public or Private.',
  passwordRequired: 'A private training needs a password.',
  wrongPassword: 'The training password is wrong.',
  alreadyRegistered: 'You have already entered this training.',
  notRegistered: 'This training is private: please enter its password first.',
  problemAlreadyInTraining: 'The problem is already in the training.',
  displayIdRequired: 'The display ID is required.',
  displayIdExists: 'This display ID is already used in the training.',
  problemNotInTraining: 'The problem is not in the training.',
  categoryNameRequired: 'The category name is required.',
  categoryNotFound: 'The training category does not exist.',
} as const;

/** A training category (HOJ TrainingCategory). */
export interface TrainingCategoryInfo {
  id: number;
  name: string;
  color: string;
  gid: number | null;
}

/** A training as get-training-list and get-training-detail answer it (HOJ TrainingVO; never the password). */
export interface TrainingInfo {
  id: number;
  title: string;
  description: string;
  /** username of the author */
  author: string;
  auth: TrainingAuth;
  categoryId: number | null;
  categoryName: string | null;
  categoryColor: string | null;
  /** order of the list, ascending */
  rank: number;
  problemCount: number;
  /**
   * Problems the caller solved inside this training (0 without access): the rule of the progress bar and the
   * training's rank, which count what was done in the training.
   */
  acCount: number;
  /**
   * Problems of this training the caller has solved anywhere outside contests and exams (the bank, this or
   * another training, a group): HOJ's rule, shown beside acCount so a student sees both (0 without access).
   */
  bankAcCount: number;
  gid: number | null;
  gmtModified: string;
}

/** One problem of get-training-problem-list (HOJ ProblemVO with the training's display id). */
export interface TrainingProblemRow {
  /** bank problem primary key */
  pid: number;
  /** training problem id */
  tpid: number;
  /** the training's display id */
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  /** tries and accepted tries inside this training */
  total: number;
  ac: number;
  rank: number;
  /** the caller's state in this training, null before a first try */
  myStatus: { status: number; score: number | null } | null;
  /** the caller has solved this problem outside contests and exams (anywhere, HOJ's rule); false for visitors */
  solvedElsewhere: boolean;
}

/** A user's state on one problem of a training rank row (HOJ submissionInfo value). */
export interface TrainingRankCell {
  status: number;
  score: number | null;
  isAC: boolean;
  /** best run time (ms) of an accepted try */
  runTime?: number;
  tries: number;
}

/** One row of get-training-rank (HOJ TrainingRankVO plus its position). */
export interface TrainingRankRow {
  rank: number;
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
  ac: number;
  totalRunTime: number;
  submissionInfo: Record<string, TrainingRankCell>;
}

/** The admin side's training (HOJ Training entity; `privatePwd` only for its admins). */
export interface AdminTrainingInfo {
  id: number;
  title: string;
  description: string;
  author: string;
  auth: TrainingAuth;
  privatePwd: string | null;
  status: boolean;
  rank: number;
  isGroup: boolean;
  gid: number | null;
  gmtCreate: string;
  gmtModified: string;
}

/** Body of admin POST/PUT /api/admin/training (HOJ TrainingDTO) and answer of its GET. */
export interface AdminTrainingDto {
  training: Partial<AdminTrainingInfo> & { title: string; auth: TrainingAuth };
  trainingCategory: Partial<TrainingCategoryInfo> | null;
}

/** A problem row of the admin training problem list. */
export interface AdminTrainingProblemRow {
  id: number;
  tid: number;
  pid: number;
  displayId: string;
  rank: number;
}

import { rowLoader } from '../../core/audit/audited.decorator';
import { PlagiarismPair } from './entities/plagiarism-pair.entity';

/** What the audit trail records of a pair's review (core/audit/README.md): the pair without its matched regions. */
export const loadPair = rowLoader(PlagiarismPair, 'id', ['regions']);

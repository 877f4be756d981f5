import type { EntityManager } from 'typeorm';

/**
 * Columns of other areas that copy a user's name or avatar when something is written (HOJ's schema does the
 * same, so lists read one table): a rename or a new avatar must reach every one of them, in the transaction
 * that changes the account. `uid` names the column holding the user's uid; a copy without one (a problem's
 * author, which the form may also set by hand) is matched by the old name.
 */
const NAME_COPIES: { table: string; name: string; uid?: string }[] = [
  { table: 'judge', name: 'username', uid: 'uid' },
  { table: 'user_judge_stat', name: 'username', uid: 'uid' },
  { table: 'discussion', name: 'author', uid: 'uid' },
  { table: 'comment', name: 'from_name', uid: 'from_uid' },
  { table: 'reply', name: 'from_name', uid: 'from_uid' },
  { table: 'reply', name: 'to_name', uid: 'to_uid' },
  { table: 'group_info', name: 'owner', uid: 'uid' },
  { table: 'contest', name: 'author', uid: 'uid' },
  { table: 'training', name: 'author', uid: 'uid' },
  { table: 'exam', name: 'author', uid: 'uid' },
  { table: 'question', name: 'author', uid: 'uid' },
  { table: 'contest_print', name: 'username', uid: 'uid' },
  { table: 'file', name: 'username', uid: 'uid' },
  { table: 'problem', name: 'author' },
];

const AVATAR_COPIES: { table: string; avatar: string; uid: string }[] = [
  { table: 'discussion', avatar: 'avatar', uid: 'uid' },
  { table: 'comment', avatar: 'from_avatar', uid: 'from_uid' },
  { table: 'reply', avatar: 'from_avatar', uid: 'from_uid' },
  { table: 'reply', avatar: 'to_avatar', uid: 'to_uid' },
];

/** Writes a user's new name into every copy of the old one. */
export async function renameUserCopies(em: EntityManager, uid: string, oldName: string, newName: string): Promise<void> {
  for (const c of NAME_COPIES) {
    if (c.uid)
      await em.query(`UPDATE "${c.table}" SET "${c.name}" = $1 WHERE "${c.uid}" = $2 AND "${c.name}" = $3`, [newName, uid, oldName]);
    else await em.query(`UPDATE "${c.table}" SET "${c.name}" = $1 WHERE "${c.name}" = $2`, [newName, oldName]);
  }
  // Contests list their star (unranked) accounts by name, in the order the admin wrote them. The new
  // gmt_modified makes every replica rebuild the board with the new list once its copy of the row renews.
  await em.query(
    `UPDATE contest
        SET star_account = (SELECT jsonb_agg(CASE WHEN e.v = to_jsonb($2::text) THEN to_jsonb($1::text) ELSE e.v END ORDER BY e.i)
                              FROM jsonb_array_elements(star_account) WITH ORDINALITY AS e(v, i)),
            gmt_modified = now()
      WHERE star_account @> jsonb_build_array($2::text)`,
    [newName, oldName],
  );
}

/** Writes a user's new avatar (or none) into every copy. */
export async function updateAvatarCopies(em: EntityManager, uid: string, avatar: string | null): Promise<void> {
  for (const c of AVATAR_COPIES)
    await em.query(`UPDATE "${c.table}" SET "${c.avatar}" = $1 WHERE "${c.uid}" = $2 AND "${c.avatar}" IS DISTINCT FROM $1`, [avatar, uid]);
}

/** The training every child page of /training/:tid reads: its detail and whether the caller may go inside. */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { TrainingInfo } from '@oj/contracts';
import { getTraining, getTrainingAccess } from '../../api/training';

export interface TrainingState {
  tid: number;
  info: TrainingInfo;
  /** Public, password entered, or the training's admin (product §6). */
  access: boolean;
  reload: () => void;
}

const TrainingContext = createContext<TrainingState | null>(null);
export const TrainingProvider = TrainingContext.Provider;

export function useTraining(): TrainingState {
  const s = useContext(TrainingContext);
  if (!s) throw new Error('useTraining outside a training page');
  return s;
}

/** Loads the training and the caller's access; `failed` when it does not exist or is hidden. */
export function useTrainingLoader(tid: number) {
  const [state, setState] = useState<{ info: TrainingInfo; access: boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let alive = true;
    setFailed(false);
    Promise.all([getTraining(tid), getTrainingAccess(tid)])
      .then(([info, a]) => alive && setState({ info, access: a.access }))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [tid, version]);
  return { state, failed, reload };
}

import { useEffect, useState } from 'react';
import { Page } from '@oj/contracts';
import { api, call } from '@oj/kit/core';

export interface CarouselItem {
  id: number | string;
  url: string;
}
export interface RecentContest {
  id: number | string;
  title: string;
  startTime: string;
  endTime: string;
  status: number;
  type: number;
}
export interface Announcement {
  id: number | string;
  title: string;
  content: string;
  gmtCreate?: string;
  createdAt?: string;
  username?: string;
}
export interface AcRankRow {
  uid: string;
  username: string;
  nickname?: string;
  ac: number;
}

/** One GET on mount; undefined while loading, [] when the call failed (the client showed why). */
export function useList<T>(url: string, params?: Record<string, unknown>): T[] | undefined {
  const [data, setData] = useState<T[] | undefined>(undefined);
  const key = JSON.stringify(params ?? {});
  useEffect(() => {
    let alive = true;
    call<T[] | Page<T>>(api.get(url, { params: JSON.parse(key), silent: true }))
      .then((d) => alive && setData(Array.isArray(d) ? d : (d?.records ?? [])))
      .catch(() => alive && setData([]));
    return () => {
      alive = false;
    };
  }, [url, key]);
  return data;
}

import { AccountConfig, AccountConfigUpdate, DbAndRedisConfig, HomeCarouselItem, MobileConfig } from '@oj/contracts';
import { api, call } from '@oj/kit';

export type MobileConfigView = MobileConfig & { accessKeySecretSet: boolean };

export const getMobileConfig = () => call<MobileConfigView>(api.get('/admin/config/get-mobile-config'));
export const setMobileConfig = (body: Partial<MobileConfig>) => call<null>(api.put('/admin/config/set-mobile-config', body));
export const getDbAndRedis = () => call<DbAndRedisConfig>(api.get('/admin/config/get-db-and-redis-config'));
export const getAccountConfig = () => call<AccountConfig>(api.get('/admin/config/get-account-config'));
export const setAccountConfig = (body: AccountConfigUpdate) => call<AccountConfig>(api.put('/admin/config/set-account-config', body));
export const getCarousel = () => call<HomeCarouselItem[]>(api.get('/home-carousel'));
export const deleteCarousel = (id: number) => call<HomeCarouselItem[]>(api.delete('/admin/config/home-carousel', { params: { id } }));

const image = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return form;
};
export const uploadCarousel = (file: File) => call<HomeCarouselItem>(api.post('/file/upload-carouse-img', image(file)));
export const uploadEmailBackground = (file: File) => call<string>(api.post('/admin/config/upload-email-bg-img', image(file)));

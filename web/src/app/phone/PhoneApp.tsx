import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../../platform/PageLoading';
import { PhoneShell } from './PhoneShell';

const SignInPage = lazy(() => import('../../modules/attendance/SignInPage'));
const MySchedulePage = lazy(() => import('../../modules/attendance/MySchedulePage'));
const MyPayPage = lazy(() => import('../../modules/royalty/MyPayPage'));

/** /m/* — the phone's pages (the sign-in a shop's QR code opens, the employee's schedule and commission), in the phone's frame. */
export default function PhoneApp() {
  return (
    <PhoneShell>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="sign-in" element={<SignInPage />} />
          <Route path="my-schedule" element={<MySchedulePage />} />
          <Route path="my-pay" element={<MyPayPage />} />
        </Routes>
      </Suspense>
    </PhoneShell>
  );
}

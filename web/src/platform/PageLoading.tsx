import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div className="ho-center">
      <Spin size="large" />
    </div>
  );
}

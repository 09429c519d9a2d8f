export interface RegionNode {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  sort: number;
  status: number;
  memo?: string | null;
  shopCount?: number;
  version?: number;
  children?: RegionNode[];
}

export interface ShopRow {
  id: number;
  code: string;
  name: string;
  shortName: string | null;
  brandId: number;
  brandName: string | null;
  regionId: number;
  regionName: string | null;
  type: 1 | 2;
  provinceCode: string;
  cityCode: string;
  areaCode: string;
  provinceName: string | null;
  cityName: string | null;
  areaName: string | null;
  address: string | null;
  phone: string | null;
  openDate: string | null;
  openTime: string;
  closeTime: string;
  stations: number;
  status: number;
  memo: string | null;
  images: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
}
